/**
 * The one mail a reader gets about a suggestion: when a maintainer decides
 * it, and only if they left an address. Every word in it is ours: the
 * jurisdiction's name and the field's label come from closed lists, the
 * decision and its reason are fixed sentences (DECLINE_REASONS). Nothing a
 * reader or a maintainer typed — not the suggestion, not its link, not a
 * note — reaches it, so the form cannot be used to send a stranger text of
 * someone else's choosing (docs/SECURITY.md, "Readers' suggestions").
 */
import type { Mail } from "../mail/mailer.ts";
import { DECLINE_REASONS, fieldLabel, isDeclineReason } from "./review-queue.fields.ts";
import type { DecisionAction } from "./review-queue.repository.ts";

const SIGNATURE = "\n\n— Cannabis Legal Status";

export function suggestionDecidedMail(
  to: string,
  suggestion: {
    jurisdictionName: string;
    field: string | null;
    /** The day it was sent, YYYY-MM-DD. */
    sentOn: string;
    action: DecisionAction;
    reason: string | null;
  },
  origin: string,
): Mail {
  const about = `${suggestion.jurisdictionName}, ${fieldLabel(suggestion.field).toLowerCase()}`;
  const outcome =
    suggestion.action === "accepted"
      ? `A maintainer accepted it. The correction is checked by a second maintainer before it goes into a release; corrections are listed on ${origin}/changes once released.`
      : suggestion.action === "duplicate"
        ? "A maintainer found that it repeats a suggestion or report already in our queue, and reviews them together."
        : `A maintainer declined it. The reason: ${
            suggestion.reason !== null && isDeclineReason(suggestion.reason)
              ? DECLINE_REASONS[suggestion.reason]
              : DECLINE_REASONS.other
          }`;
  return {
    to,
    subject: "Your suggested correction was reviewed",
    text: `On ${suggestion.sentOn} someone suggested a correction to our data (${about}) and gave this address to hear what became of it.\n\n${outcome}\n\nThis is the only mail about it, and we have erased the address from the suggestion. If you did not send it, ignore this mail.${SIGNATURE}`,
  };
}
