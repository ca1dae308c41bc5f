/** The sign-in footer's Terms and Privacy, as small dialogs with short, real text. */
import { useState } from 'react';
import { SimpleDialog } from '@/ui/dialog';

function TermsText() {
  return (
    <>
      <p>
        Pathshala is provided by your school for school work: routines, attendance, homework, notices, marks and
        payments. Your account is personal; do not share your password.
      </p>
      <p>
        Use the portal only for the school's purposes. Information you see about other students and staff is
        confidential and must not be copied or passed on.
      </p>
      <p>Your school may suspend an account that is misused. Questions about these terms go to your school's office.</p>
    </>
  );
}

function PrivacyText() {
  return (
    <>
      <p>
        Pathshala keeps what the school needs to run: names, codes, classes, contact details, attendance, homework,
        marks, notices and payment records.
      </p>
      <p>
        Only people with a role in your school can see your records, and only the parts their role needs. Viewers linked
        to a school can read but not change its records.
      </p>
      <p>
        When you sign in, this browser keeps a sign-in token until you log out or it expires. Logging out ends the token
        on the server too. Ask your school's office to see or correct your records.
      </p>
    </>
  );
}

export function LegalLinks() {
  const [open, setOpen] = useState<'terms' | 'privacy' | null>(null);
  const linkClass = 'inline-flex min-h-11 items-center rounded px-1 underline underline-offset-2 hover:text-slate-900';
  return (
    <nav aria-label="Legal" className="flex gap-4">
      <button type="button" className={linkClass} onClick={() => setOpen('terms')}>
        Terms
      </button>
      <button type="button" className={linkClass} onClick={() => setOpen('privacy')}>
        Privacy
      </button>
      <SimpleDialog open={open === 'terms'} onClose={() => setOpen(null)} title="Terms of use">
        <TermsText />
      </SimpleDialog>
      <SimpleDialog open={open === 'privacy'} onClose={() => setOpen(null)} title="Privacy">
        <PrivacyText />
      </SimpleDialog>
    </nav>
  );
}
