/**
 * The service's emails, as plain text. Every message says why it was sent
 * and what to do if the reader did not ask for it.
 */
import type { Mail } from "./mailer.ts";

const SIGNATURE = "\n\n— Cannabis Legal Status";

export function passwordResetMail(to: string, link: string, minutes: number): Mail {
  return {
    to,
    subject: "Reset your password",
    text: `Someone (we hope you) asked to reset the password of the account for ${to}.\n\nChoose a new password here (the link works once, for ${minutes} minutes):\n${link}\n\nResetting logs the account out everywhere. If you did not ask for this, ignore this email: your password stays as it is.${SIGNATURE}`,
  };
}

export function verifyEmailMail(to: string, link: string): Mail {
  return {
    to,
    subject: "Confirm your email address",
    text: `Welcome. Your account and API keys work already; please confirm that ${to} is your address, so we can reach you about your keys and help you if you forget your password:\n${link}\n\nIf you did not create an account, ignore this email.${SIGNATURE}`,
  };
}

export function passwordChangedMail(to: string, origin: string): Mail {
  return {
    to,
    subject: "Your password was changed",
    text: `The password of your account (${to}) was just changed, and every other session was logged out.\n\nIf this was not you, reset your password now: ${origin}/password/forgot${SIGNATURE}`,
  };
}

export function keyCreatedMail(
  to: string,
  key: { name: string; prefix: string },
  origin: string,
): Mail {
  return {
    to,
    subject: `New API key “${key.name}”`,
    text: `A new API key “${key.name}” (${key.prefix}…) was created on your account.\n\nIf this was not you, delete it and change your password: ${origin}/account/keys${SIGNATURE}`,
  };
}

export function keyExpiringMail(
  to: string,
  key: { name: string; prefix: string; lastDay: string; days: number },
  origin: string,
): Mail {
  return {
    to,
    subject: `API key “${key.name}” expires in ${key.days} day${key.days === 1 ? "" : "s"}`,
    text: `Your API key “${key.name}” (${key.prefix}…) works through ${key.lastDay} (UTC) and then stops (401 expired_api_key).\n\nTo switch without downtime: create a new key, deploy it, check on the API keys page that the old key is no longer used, then delete it.\n${origin}/account/keys${SIGNATURE}`,
  };
}

export function accountDeletedMail(to: string): Mail {
  return {
    to,
    subject: "Your account was deleted",
    text: `The account for ${to} and all of its API keys were deleted. The keys no longer work.\n\nIf this was not you, someone else knew your password. The account cannot be restored; you can create a new one, with a password you use nowhere else.${SIGNATURE}`,
  };
}

/**
 * The endpoint is named by its host, never by the URL as typed: nothing a
 * user wrote reaches a mail body.
 */
export function webhookDisabledMail(
  to: string,
  endpoint: { host: string; reason: string },
  origin: string,
): Mail {
  return {
    to,
    subject: "A webhook endpoint was disabled",
    text: `We stopped sending events to your webhook endpoint on ${endpoint.host}.\n\n${endpoint.reason} Events queued for it were cancelled, and new ones are no longer sent there.\n\nTo receive events again, fix the receiver, then press “Enable again” on the endpoint's page: ${origin}/account/webhooks${SIGNATURE}`,
  };
}

export type ClaimedAccountRemovals = {
  sessions: number;
  keys: { name: string; prefix: string }[];
  endpointHosts: string[];
};

/**
 * After a password reset took over an account whose address had never been
 * confirmed: what was removed, since someone else may have created it.
 */
export function accountClaimedMail(
  to: string,
  removed: ClaimedAccountRemovals,
  origin: string,
): Mail {
  const keys =
    removed.keys.length === 0
      ? "no API keys"
      : `${removed.keys.length} API key${removed.keys.length === 1 ? "" : "s"} (${removed.keys.map((key) => `${key.prefix}…`).join(", ")}), which no longer work`;
  const endpoints =
    removed.endpointHosts.length === 0
      ? "no webhook endpoints"
      : `${removed.endpointHosts.length} webhook endpoint${removed.endpointHosts.length === 1 ? "" : "s"} (on ${removed.endpointHosts.join(", ")}), which receive nothing more`;
  return {
    to,
    subject: "Your password was changed, and the account was cleared",
    text: `The password of the account for ${to} was just reset through the link we mailed to this address, which confirms the address.\n\nThe address had never been confirmed before, so someone else may have created the account with it. To make sure nothing of theirs stays, we removed everything the account held: ${removed.sessions} session${removed.sessions === 1 ? "" : "s"} (logged out), ${keys}, and ${endpoints}.\n\nIf you created them yourself, create them again: ${origin}/account/keys${SIGNATURE}`,
  };
}
