/** The password screens' words (spec part 2 §2, §8), to the letter where the spec quotes them. */
export const PASSWORD_TEXTS = {
  forgotTitle: 'Forgot your Password?',
  requestLink: 'Request Reset Link',
  requesting: 'Resetting Password...',
  backToSignIn: 'Go Back to Sign in',
  accountNotFound: 'Account not found.',
  requestFailed:
    'Encountered an unknown error while attempting to reset your password. Please try again later.',
  requestSucceeded: 'Password reset successful.',
  resetTitle: 'Reset your Password',
  submitNewPassword: 'Submit New Password',
  resetFailed:
    'Encountered an unknown error while setting your new password. Please try again later.',
  resetSucceeded: "You've successfully changed your password",
  signInAgain: 'Sign in with new password',
  /** Not quoted by the spec. */
  currentRequired: 'Please enter your current password.',
  signInFirst:
    'To change your password, sign in first. If you cannot sign in, ask for a reset link instead.',
} as const;
