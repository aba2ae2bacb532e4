/** The article's Share button: the system share sheet, or copying the link (share-article.ts). */
import { insightsTexts as texts } from './texts';
import { shareArticle } from './share-article';

export function ShareButton({ title, share = shareArticle }: { title: string; share?: typeof shareArticle }) {
  return (
    <button
      type="button"
      className="button button-secondary share-button"
      onClick={() => void share({ title, url: window.location.href })}
    >
      {texts.share}
    </button>
  );
}
