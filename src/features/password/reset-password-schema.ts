import * as yup from 'yup';
import { newPasswordProblem, PASSWORD_MESSAGES } from '@rules/passwords';
import { PASSWORD_TEXTS } from './password-texts';

export interface ResetPasswordValues {
  /** Only on the Change Password path (a link without a code). */
  current: string;
  password: string;
  confirm: string;
}

export const emptyResetPasswordForm: ResetPasswordValues = {
  current: '',
  password: '',
  confirm: '',
};

/** Formik hands yup a blank field as undefined. */
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Spec part 2 §5: at least 6 characters, and the confirmation the same. */
export function resetPasswordSchema(needsCurrentPassword: boolean) {
  return yup.object({
    current: needsCurrentPassword
      ? yup.string().required(PASSWORD_TEXTS.currentRequired)
      : yup.string(),
    password: yup.string().test('new-password', function newPassword(value) {
      const problem = newPasswordProblem(text(value));
      return problem ? this.createError({ message: problem }) : true;
    }),
    confirm: yup.string().test('matches', PASSWORD_MESSAGES.mismatch, function matches(value) {
      return text(value) === text(this.parent.password);
    }),
  });
}
