import { useEffect, useState } from 'react';
import { errorText } from '../../api/client';
import { listOptions, type SecurityCompanyOption } from '../../api/security-companies';

export interface CompanyOptions {
  options: SecurityCompanyOption[];
  loading: boolean;
  error: string | null;
}

/**
 * The security companies a site can belong to, fetched when the form opens. Kept out of the store:
 * the options live exactly as long as the form that shows them.
 */
export function useCompanyOptions(): CompanyOptions {
  const [state, setState] = useState<CompanyOptions>({ options: [], loading: true, error: null });

  useEffect(() => {
    let current = true;
    listOptions().then(
      (options) => {
        if (current) setState({ options, loading: false, error: null });
      },
      (error: unknown) => {
        if (current) setState({ options: [], loading: false, error: errorText(error) });
      },
    );
    return () => {
      current = false;
    };
  }, []);

  return state;
}
