// GET /api/appointments/invite.ics?token=… : a booking's calendar invite (the one its e-mails carry),
// by the customer's change-or-cancel token. A plain link the browser downloads, not a call.
export function appointmentInviteUrl(token: string): string {
  return `/api/appointments/invite.ics?token=${encodeURIComponent(token)}`;
}
