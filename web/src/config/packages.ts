// The seller packages' monthly prices as the terms and help pages quote them: the contract's data
// file (proto/accounts/v1/packages.json), which accounts-svc sells from too. The packages page itself
// shows what GET /api/packages answers.
import packages from '../../../proto/accounts/v1/packages.json';
import { formatKsh } from '@/lib/format';

/** Each package's monthly price by id, as text ('Ksh 1,500'): `basic`, `standard`, `premium`. */
export const packagePrices: Record<string, string> = Object.fromEntries(
  packages.map((p) => [p.id, formatKsh(p.priceKsh)]),
);
