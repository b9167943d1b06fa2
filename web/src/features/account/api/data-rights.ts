// The data rights of My Account (Kenya's Data Protection Act 2019): everything Mtaani holds about the
// user as one JSON document, and closing the account.
import { api } from '@/lib/api-client';

/** GET /api/account/export: the document, as the file the browser saves. */
export async function exportMyData(): Promise<Blob> {
  const response = await api.get<Blob>('/api/account/export', { responseType: 'blob' });
  return response.data;
}

/** DELETE /api/account (204); 401 with `errors.password` when the password is not right. */
export async function deleteMyAccount(password: string): Promise<void> {
  await api.delete('/api/account', { data: { password } });
}
