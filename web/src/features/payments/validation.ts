// The M-Pesa number a seller pays from: the sign-up form's phone rule and messages (SPEC §5), so a
// number accepted there is accepted here. After the rule passes, cleanPhoneNumber must accept it too.
import { t } from '@/lib/i18n';
import { minLength, trimmed, type Schema } from '@/lib/validation';

export const phoneMessages = {
  phoneNumber: t('Please enter a valid phone number'),
  phoneAfterCleaning: t('Invalid phone number format after cleaning'),
} as const;

export interface MpesaNumberValues {
  phoneNumber: string;
}

export const mpesaNumberSchema: Schema<MpesaNumberValues> = {
  phoneNumber: [trimmed(minLength(10, phoneMessages.phoneNumber))],
};
