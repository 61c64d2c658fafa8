// A form's own check, in the page's language. The browser's bubble speaks the browser's
// language (English on a zh-Hans page) and vanishes, so every form is `noValidate` and
// says in a sentence of its own what is wrong with which field, from the constraints its
// fields already declare (required, minLength, maxLength, min, max, type).
import type { TFunction } from 'i18next';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What the person reads as the field's name: its label's own words, else its aria-label. */
function fieldName(field: Field) {
  const label = field.labels?.[0];
  const own = label ? [...label.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('').trim() : '';
  return own || field.getAttribute('aria-label') || field.name;
}

function problemOf(t: TFunction, field: Field): string | null {
  const v = field.validity;
  const name = fieldName(field);
  const value = field.value;
  // Lengths are checked here too: the browser counts them only after typing by hand.
  const min = 'minLength' in field ? field.minLength : -1;
  const max = 'maxLength' in field ? field.maxLength : -1;
  if (v.valueMissing || (field.required && !value.trim())) return t('form.missing', { field: name });
  if (v.badInput) return t('form.notNumber', { field: name });
  if (v.tooShort || (min > 0 && value.length > 0 && value.length < min)) return t('form.tooShort', { field: name, min });
  if (v.tooLong || (max >= 0 && value.length > max)) return t('form.tooLong', { field: name, max });
  if (v.rangeUnderflow) return t('form.tooSmall', { field: name, min: (field as HTMLInputElement).min });
  if (v.rangeOverflow) return t('form.tooLarge', { field: name, max: (field as HTMLInputElement).max });
  if (v.typeMismatch) return t((field as HTMLInputElement).type === 'email' ? 'form.notEmail' : 'form.notUrl', { field: name });
  if (!v.valid) return t('form.invalid', { field: name });
  return null;
}

/** The first field of `form` that breaks its constraints, marked `aria-invalid` and
 * focused, with the sentence that says so; null when every field holds. */
export function formProblem(t: TFunction, form: HTMLFormElement): string | null {
  for (const element of [...form.elements]) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement)) continue;
    if (element.disabled) continue;
    const problem = problemOf(t, element);
    if (problem === null) {
      element.removeAttribute('aria-invalid');
      continue;
    }
    element.setAttribute('aria-invalid', 'true');
    element.focus();
    return problem;
  }
  return null;
}
