import { useTranslation } from 'react-i18next';

export interface NewsContent {
  title: string;
  intro?: string;
  image_path?: string;
}

/** A news message (type 8): its picture, title and introduction. */
export function NewsBubble({ content }: { content: NewsContent }) {
  const { t } = useTranslation('chat');
  return (
    <div className="mm-chat-card mm-chat-news" data-testid="chat-news">
      <span className="mm-chat-product-kind">{t('bubble.news')}</span>
      <strong className="mm-chat-news-title">{content.title}</strong>
      <span className="mm-chat-news-body">
        {content.intro && <span className="mm-chat-card-note">{content.intro}</span>}
        {content.image_path && <img src={content.image_path} alt="" loading="lazy" />}
      </span>
    </div>
  );
}
