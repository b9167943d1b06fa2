// The M-Pesa number a seller pays from: the sign-up form's phone rule and messages (lib/validation.ts),
// so a number accepted there is accepted here. After the rule passes, cleanPhoneNumber must accept it too.
import { phoneNumberRule, type Schema } from '@/lib/validation';

export interface MpesaNumberValues {
  phoneNumber: string;
}

export const mpesaNumberSchema: Schema<MpesaNumberValues> = {
  phoneNumber: [phoneNumberRule()],
};
