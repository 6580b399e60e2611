import { userAct } from './userAct';

/** Types into an input as a user does (React listens for the native input event). */
export async function typeInto(input: HTMLInputElement | null | undefined, value: string) {
  if (!input) throw new Error('no input to type into');
  await userAct(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Picks files in a file input, as the system picker hands them over. */
export async function pickFiles(input: HTMLInputElement | null | undefined, files: File[]) {
  if (!input) throw new Error('no file input');
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  await userAct(() => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** A small JPEG-typed file (its bytes do not matter where uploads are scripted). */
export const pictureFile = (name = 'photo.jpg') => new File([new Uint8Array(64)], name, { type: 'image/jpeg' });
