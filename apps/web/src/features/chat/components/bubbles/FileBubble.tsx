import FileOutline from 'antd-mobile-icons/es/FileOutline';
import { useTranslation } from 'react-i18next';

/** Bytes as people read them: "820 B", "35.2 KB", "4.1 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A file message: its icon, name and size; a tap downloads it under its name. */
export function FileBubble({ content }: { content: { urlPath: string; name?: string; size?: number } }) {
  const { t } = useTranslation('chat');
  const name = content.name || content.urlPath.split('/').at(-1) || '';
  const extension = /\.([a-z0-9]{1,5})$/i.exec(name)?.[1]?.toUpperCase();
  return (
    <a
      className="mm-chat-card mm-chat-file"
      href={content.urlPath}
      download={name}
      target="_blank"
      rel="noopener"
      data-testid="chat-file"
      aria-label={`${t('bubble.download')} ${name}`}
    >
      <span className="mm-chat-file-main">
        <strong className="mm-chat-file-name">{name}</strong>
        {typeof content.size === 'number' && <span className="mm-chat-card-note">{formatFileSize(content.size)}</span>}
      </span>
      <span className="mm-chat-file-icon" aria-hidden="true">
        <FileOutline />
        {extension && <em>{extension}</em>}
      </span>
    </a>
  );
}
