/**
 * The second factor's step of the sign-in form: in the bundled core (src/i18n/en-core.ts) with the
 * rest of the sign-in's texts, so that the form never waits for the whole catalogue.
 */
export const twoFactorSignInEn = {
  codeLabel: 'Code from your authenticator app',
  codeHint: 'The 6-digit code, or one of your recovery codes (like ABCDE-FGHJK).',
  enterCode: 'Enter the code',
  submit: 'Submit',
  checking: 'Checking…',
  otherAccount: 'Use another account',
  signingInAs: 'Signing in as {{user}}',
} as const;
