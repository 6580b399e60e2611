/** Up to three emoji and nothing else are shown large, as chat apps do. */
const ONLY_EMOJI =
  /^(?:\p{Extended_Pictographic}(?:\uFE0F|\u200D\p{Extended_Pictographic}|\p{Emoji_Modifier})*\s*){1,3}$/u;

export function TextBubble({ text }: { text: string }) {
  return <div className={`mm-chat-bubble${ONLY_EMOJI.test(text.trim()) ? ' is-emoji' : ''}`}>{text}</div>;
}
