import type { FormikHelpers } from 'formik';
import { useEffect } from 'react';
import { isEmailTakenByAnother } from '../../api/admins';
import { createApiThunk } from '../../app/api-thunk';
import { schemaFromRules } from '../../app/form-rules';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { FormModal } from '../../components/form-modal';
import { SelectInput, StatusSwitch, TextInput } from '../../components/form-fields';
import type { Login, LoginBody } from '@contract/logins';
import { LOGIN_MESSAGES, loginFieldErrors, type LoginField } from '@rules/logins';
import { EMAIL_IN_USE } from '@rules/passwords';
import { selectLockedCompanyUuid } from '../../app/session/locked-company';
import {
  loadCompanyOptions,
  selectCompanyOptions,
  selectCompanyOptionsLoading,
} from '../../app/options/company-options-slice';
import { ActiveOptions } from '../../components/active-options';
import { selectProfile } from '../../app/session/session-slice';
import { isOwnLogin } from './login-columns';

export interface LoginFormValues {
  security_company_uuid: string;
  email: string;
  challenge: string;
  is_active: boolean;
}

const FIELDS: LoginField[] = ['security_company_uuid', 'email', 'challenge'];
const schemas = {
  add: schemaFromRules<LoginFormValues>(FIELDS, (values) => loginFieldErrors(values, 'add')),
  edit: schemaFromRules<LoginFormValues>(FIELDS, (values) => loginFieldErrors(values, 'edit')),
};

export const checkLoginEmail = createApiThunk(
  'logins/emailChecked',
  ({ email, ownUuid }: { email: string; ownUuid: string }) => isEmailTakenByAnother(email, ownUuid),
);

/** The write payload; a blank password on edit is left out, so the old one stays. */
export function toLoginBody(values: LoginFormValues, login: Login | null): LoginBody {
  const email = values.email.trim();
  return {
    security_company_uuid: values.security_company_uuid,
    name: email,
    is_active: values.is_active ? 1 : 0,
    identifier: email,
    email,
    type: 'userpass',
    ...(values.challenge ? { challenge: values.challenge } : {}),
    ...(login ? { uuid: login.uuid } : {}),
  };
}

export interface LoginFormModalProps {
  isOpen: boolean;
  login: Login | null;
  onClose: () => void;
  /** The form is valid and its email free: the verification step comes next. */
  onReady: (body: LoginBody) => void;
}

/** Add Login and Edit Login; the save itself runs after the Verification step. */
export function LoginFormModal({ isOpen, login, onClose, onReady }: LoginFormModalProps) {
  const dispatch = useAppDispatch();
  const companies = useAppSelector(selectCompanyOptions);
  const companiesLoading = useAppSelector(selectCompanyOptionsLoading);
  const lockedCompany = useAppSelector(selectLockedCompanyUuid);
  const adding = login === null;
  // Switching off one's own login would sign one out for good; the server refuses it too.
  const ownEmail = useAppSelector(selectProfile)?.email ?? null;
  const own = login !== null && isOwnLogin(login, ownEmail);

  useEffect(() => {
    if (isOpen) void dispatch(loadCompanyOptions());
  }, [isOpen, dispatch]);

  async function submit(values: LoginFormValues, helpers: FormikHelpers<LoginFormValues>) {
    helpers.setStatus(null);
    const check = await dispatch(
      checkLoginEmail({ email: values.email.trim(), ownUuid: login?.uuid ?? '' }),
    );
    if (checkLoginEmail.rejected.match(check)) {
      helpers.setStatus(check.payload ?? check.error.message);
      return;
    }
    if (check.payload) {
      helpers.setFieldError('email', EMAIL_IN_USE);
      return;
    }
    onReady(toLoginBody(values, login));
  }

  return (
    <FormModal
      isOpen={isOpen}
      title={adding ? 'Add Login' : 'Edit Login'}
      size={undefined}
      saving={false}
      busyText=""
      submitLabel="Next"
      onClose={onClose}
      initialValues={{
        security_company_uuid: login?.security_company_uuid ?? lockedCompany ?? '',
        email: login?.user_email ?? '',
        challenge: '',
        // A new login is inactive until switched on (spec part 2 §4).
        is_active: login ? login.is_active === 1 : false,
      }}
      validationSchema={adding ? schemas.add : schemas.edit}
      onSubmit={submit}
    >
      {() => (
        <>
          <SelectInput
            name="security_company_uuid"
            label="Security Company"
            disabled={lockedCompany !== null}
          >
            <option value="">
              {companiesLoading ? 'Loading companies...' : 'Select a security company'}
            </option>
            <ActiveOptions field="security_company_uuid" choices={companies} />
          </SelectInput>
          <TextInput name="email" label="Email" type="email" autoComplete="off" />
          <TextInput
            name="challenge"
            label="Password"
            type="password"
            autoComplete="new-password"
            hint={adding ? undefined : 'Leave blank to keep the current password.'}
          />
          <StatusSwitch
            name="is_active"
            disabled={own}
            hint={own ? LOGIN_MESSAGES.cannotDeactivateSelf : undefined}
          />
        </>
      )}
    </FormModal>
  );
}
