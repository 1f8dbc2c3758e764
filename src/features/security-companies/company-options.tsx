import { useFormikContext } from 'formik';
import type { SecurityCompanyOption } from '../../api/security-companies';

/**
 * The `<option>`s of every company picker: the active companies, and the one the record already
 * belongs to (the field's value when the form opened), so an edit neither hides nor drops it.
 * An inactive company's staff cannot sign in, so nothing new is put in one.
 */
export function CompanyOptions({
  field,
  companies,
}: {
  field: string;
  companies: readonly SecurityCompanyOption[];
}) {
  const { initialValues } = useFormikContext<Record<string, unknown>>();
  const kept = initialValues[field];
  return companies
    .filter((company) => company.is_active === 1 || company.uuid === kept)
    .map((company) => (
      <option key={company.uuid} value={company.uuid}>
        {company.name}
      </option>
    ));
}
