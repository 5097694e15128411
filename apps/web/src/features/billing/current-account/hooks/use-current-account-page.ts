import type { PartyRole } from '@fluxo/domain/billing/payments-contracts';
import { useState } from 'react';
import { useCurrentAccount } from '../api/current-account.ts';

/** The state the current-account screens share: customers or suppliers, the date, the party open. */
export function useCurrentAccountPage() {
  const [role, setRoleState] = useState<PartyRole>('customer');
  const [asOf, setAsOf] = useState('');
  const [partyId, setPartyId] = useState<string | null>(null);
  const account = useCurrentAccount(role, asOf);
  const setRole = (next: PartyRole) => {
    setRoleState(next);
    setPartyId(null);
  };
  return { role, setRole, asOf, setAsOf, partyId, setPartyId, account };
}
