export function TextBubble({ text }: { text: string }) {
  return <div className="mm-chat-bubble">{text}</div>;
}
