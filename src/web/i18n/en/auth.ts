import { authValidationMessages } from '#domain/accounts/auth-messages';

export default {
  validation: authValidationMessages,
  header: {
    signIn: 'Sign in',
  },
  signIn: {
    title: 'Sign in to Sanga',
    intro: 'Welcome back. Sign in to continue to your profile and matches.',
    submit: 'Sign In',
    submitting: 'Signing in...',
    noAccount: 'New to Sanga?',
    toSignUp: 'Create an account',
    forgot: 'Forgot password?',
    failed: 'Email or password is incorrect.',
    tooMany: 'Too many attempts. Please wait a few minutes and try again.',
    suspended: 'This account is suspended: our team reviewed how it was used, for example after reports from other members or a breach of the community guidelines. If you think this is a mistake, or want to appeal, write to {{email}}.',
  },
  signUp: {
    title: 'Create your Sanga account',
    intro: 'An account keeps your biodata private. Only coordinators and potential matches ever see your profile.',
    /** Reached from an invitation's page: what the account is for instead (no biodata, no profile needed). */
    invited: {
      coordinator: 'Create your account to join the Sanga team as a coordinator. You need no marriage profile.',
      elder: 'Create your account to join the Sanga team as an elder. You need no marriage profile.',
      guardian: 'Create your account to accompany {{name}} in their search for a spouse. You need no marriage profile.',
      guardianUnnamed: 'Create your account to accompany the Sanga member who invited you. You need no marriage profile.',
    },
    submit: 'Create Account',
    submitting: 'Creating account...',
    haveAccount: 'Already have an account?',
    toSignIn: 'Sign in',
    taken: 'This email cannot be used for a new account: it may already have one. Try signing in. If you think this is a mistake, write to {{email}}.',
    failed: 'We could not create your account. Please try again.',
    consent: 'I have read the privacy notice and agree to it',
    consentLink: 'Read the privacy notice',
    consentRequired: 'Please agree to the privacy notice to create an account',
  },
  fields: {
    email: 'Email',
    password: 'Password',
    newPassword: 'New password',
    passwordHint: '8 to 128 characters.',
  },
  forgot: {
    title: 'Reset your password',
    intro: 'Enter the email you signed up with. If it has an account, we will send a link to choose a new password. The link works once, for one hour.',
    submit: 'Send Reset Link',
    submitting: 'Sending...',
    sent: 'If an account exists for that email, a reset link is on its way. Please check your inbox.',
    backToSignIn: 'Back to sign in',
  },
  reset: {
    title: 'Choose a new password',
    submit: 'Save New Password',
    submitting: 'Saving...',
    done: 'Your password has been changed. Please sign in with your new password.',
    invalid: 'This reset link is not valid or has expired. Please ask for a new one.',
    requestNew: 'Ask for a new link',
    toSignIn: 'Go to sign in',
  },
  logout: {
    failed: 'Could not log out. Please try again.',
  },
} as const;
