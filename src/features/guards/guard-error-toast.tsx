import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ErrorToast } from '../../components/error-toast';
import {
  companyOptionsErrorDismissed,
  selectCompanyOptionsError,
} from '../../app/options/company-options-slice';
import { optionsErrorDismissed, selectOptionsError } from './guard-options-slice';
import { profileErrorDismissed, selectProfileError } from './guard-profile-slice';
import { guardsList } from './guards-slice';

/** Failures of the guard list, its writes, the profile and the form's options: in one toast. */
export function GuardErrorToast() {
  const dispatch = useAppDispatch();
  const listError = useAppSelector(guardsList.selectors.selectError);
  const companiesError = useAppSelector(selectCompanyOptionsError);
  const sitesError = useAppSelector(selectOptionsError);
  const profileError = useAppSelector(selectProfileError);
  return (
    <ErrorToast
      message={listError ?? companiesError ?? sitesError ?? profileError}
      onDismiss={() => {
        dispatch(guardsList.actions.errorDismissed());
        dispatch(companyOptionsErrorDismissed());
        dispatch(optionsErrorDismissed());
        dispatch(profileErrorDismissed());
      }}
    />
  );
}
