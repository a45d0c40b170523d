import { expect } from '@playwright/test';
import { MAIL_INSPECTOR_URL } from './ports.ts';

export interface ReceivedMail {
  subject: string;
  text: string;
  html: string;
}

/** Waits for the mail server to have received `count` messages for `to`, and returns them. */
export async function mailsTo(to: string, count = 1): Promise<ReceivedMail[]> {
  let mails: ReceivedMail[] = [];
  await expect
    .poll(
      async () => {
        mails = (await (
          await fetch(`${MAIL_INSPECTOR_URL}/mails?to=${encodeURIComponent(to)}`)
        ).json()) as ReceivedMail[];
        return mails.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return mails;
}

/** The reset link of a password-reset e-mail (from its text part). */
export function resetLinkOf(mail: ReceivedMail): string {
  const match = mail.text.match(/https?:\/\/\S+\/reset-password\?\S+/);
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return match[0];
}

/** The link of the console's verification e-mail (from its text part), ADR 0022. */
export function operatorLinkOf(mail: ReceivedMail): string {
  const match = mail.text.match(/https?:\/\/\S+\/admin\?verificacion=\S+/);
  if (!match) throw new Error(`no verification link in: ${mail.text}`);
  return match[0];
}
