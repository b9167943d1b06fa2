// Display formats shared by every screen: money in whole Kenyan shillings.

const shillings = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });

/** 1500 -> 'Ksh 1,500'. */
export function formatKsh(amount: number): string {
  return `Ksh ${shillings.format(amount)}`;
}

/** 'Ksh 1,500 - Ksh 4,500'; a single price when both ends are equal. */
export function formatPriceRange(minPrice: number, maxPrice: number): string {
  if (minPrice === maxPrice) return formatKsh(minPrice);
  return `${formatKsh(minPrice)} - ${formatKsh(maxPrice)}`;
}
