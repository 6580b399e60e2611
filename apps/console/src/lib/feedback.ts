import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * The console's messages (antd `message`). Inside antd's <App> they take the theme and locale from
 * context, so the app registers that instance here at start; the static one serves until then.
 */
let instance: MessageInstance | null = null;

export function setMessageInstance(next: MessageInstance | null): void {
  instance = next;
}

const api = (): MessageInstance => instance ?? staticMessage;

export function showError(content: string): void {
  void api().error(content);
}

export function showSuccess(content: string): void {
  void api().success(content);
}
