import { authValidationMessages } from '../../../domain/auth-messages';

export default {
  validation: authValidationMessages,
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
  },
  signUp: {
    title: 'Create your Sanga account',
    intro: 'An account keeps your biodata private. Only coordinators and potential matches ever see your profile.',
    submit: 'Create Account',
    submitting: 'Creating account...',
    haveAccount: 'Already have an account?',
    toSignIn: 'Sign in',
    taken: 'An account with this email already exists. Try signing in.',
    failed: 'We could not create your account. Please try again.',
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
