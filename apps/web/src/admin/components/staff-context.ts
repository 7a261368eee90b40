import { createContext, useContext } from 'react';
import type { StaffMe } from '../api/contract';

export const StaffContext = createContext<StaffMe | null>(null);

/** The staff member logged in; only inside the console's logged-in area. */
export function useStaff(): StaffMe {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff outside the staff area');
  return staff;
}
