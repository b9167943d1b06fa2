// Why a listing or a review is reported (the API's ReportReason), in the words the report form offers
// and the operator console shows.
import { t } from '@/lib/i18n';
import type { components } from '@/types/api.gen';

type ReportReason = components['schemas']['ReportReason'];

export const REPORT_REASONS = [
  ['scam', t('Scam or fraud')],
  ['offensive', t('Offensive or inappropriate')],
  ['misleading', t('Wrong or misleading information')],
  ['duplicate', t('Duplicate listing')],
  ['other', t('Something else')],
] as const satisfies readonly (readonly [ReportReason, string])[];

/** A reason's words; one this build does not know, as it came. */
export function reportReasonLabel(reason: string): string {
  return REPORT_REASONS.find(([value]) => value === reason)?.[1] ?? reason;
}
