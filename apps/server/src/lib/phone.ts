/** Phones are stored as digits only: '+55 11 9…' and '5511 9…' are one customer. */
export function normalizePhone(phone: string): string {
  return phone.replace(/\D/g, '');
}
