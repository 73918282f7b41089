/**
 * Website forms: one way to render a field and its error, so every form
 * reports problems the same accessible way.
 *
 * Contract: a field with an error gets `aria-invalid="true"` and an
 * `aria-describedby` naming its error message (and its hint, if any); the
 * value the person typed is put back — except in password fields, which are
 * always empty. A form with errors also shows a summary alert at the top
 * (`formErrorSummary`) linking to each field.
 *
 * Parsing stays at the edge: each form route declares a TypeBox body
 * schema (`FormBody`), so handlers read typed strings and only apply the
 * rules a schema cannot state (an email's shape, a password's strength).
 */
import { type TObject, type TOptional, type TString, Type } from "typebox";
import { html, type SafeHtml } from "./html.ts";

/** Field name → message, for the fields that are wrong. */
export type FieldErrors = Readonly<Record<string, string>>;

/** What a form shows: the values to put back and the errors to report. */
export type FormState = {
  values: Readonly<Record<string, string | undefined>>;
  errors: FieldErrors;
};

export const emptyForm: FormState = { values: {}, errors: {} };

/** A form body of optional strings with maximum lengths; `_csrf` is added. */
export function FormBody<Fields extends Record<string, number>>(
  fields: Fields,
): TObject<{ [K in keyof Fields | "_csrf"]: TOptional<TString> }> {
  const properties: Record<string, TOptional<TString>> = {
    _csrf: Type.Optional(Type.String({ maxLength: 200 })),
  };
  for (const [name, maxLength] of Object.entries(fields))
    properties[name] = Type.Optional(Type.String({ maxLength }));
  return Type.Object(properties) as never;
}

export type FieldOptions = {
  name: string;
  label: string;
  /** Defaults to the name. Must be unique on the page. */
  id?: string;
  type?: "text" | "email" | "password" | "date" | "checkbox";
  hint?: SafeHtml | string;
  /** Further attributes (required, maxlength, autocomplete, …), already safe. */
  attributes?: SafeHtml;
  /** For a checkbox: the value it submits. */
  checkboxValue?: string;
};

/** A labelled input with its hint and, when the form state has one, its error. */
export function formField(state: FormState, options: FieldOptions): SafeHtml {
  const id = options.id ?? options.name;
  const type = options.type ?? "text";
  const error = state.errors[options.name];
  const hintId = options.hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  const describedBy = [errorId, hintId].filter((part) => part !== null).join(" ");
  const kept = type === "password" || type === "checkbox" ? "" : (state.values[options.name] ?? "");
  const aria = html`${error ? html` aria-invalid="true"` : ""}${describedBy ? html` aria-describedby="${describedBy}"` : ""}`;
  const hint = hintId ? html`<p class="hint" id="${hintId}">${options.hint}</p>` : "";
  const message = errorId ? html`<p class="field-error" id="${errorId}">${error}</p>` : "";
  if (type === "checkbox") {
    return html`<label class="checkbox"><input id="${id}" name="${options.name}" type="checkbox" value="${options.checkboxValue ?? "yes"}"${aria} ${options.attributes ?? ""}> ${options.label}</label>
  ${message}${hint}`;
  }
  return html`<label for="${id}">${options.label}</label>
  <input id="${id}" name="${options.name}" type="${type}"${kept === "" ? "" : html` value="${kept}"`}${aria} ${options.attributes ?? ""}>
  ${message}${hint}`;
}

/** The alert above a form with errors: what is wrong, linking to each field. */
export function formErrorSummary(
  state: FormState,
  ids: Readonly<Record<string, string>> = {},
): SafeHtml | "" {
  const entries = Object.entries(state.errors);
  if (entries.length === 0) return "";
  if (entries.length === 1 && entries[0]?.[0] === "form")
    return html`<div class="alert alert-error" role="alert">${entries[0][1]}</div>`;
  return html`<div class="alert alert-error" role="alert"><p>Please correct the following:</p><ul>${entries.map(
    ([name, message]) =>
      name === "form"
        ? html`<li>${message}</li>`
        : html`<li><a href="#${ids[name] ?? name}">${message}</a></li>`,
  )}</ul></div>`;
}
