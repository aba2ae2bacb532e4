/** The article's author: 60x60 avatar and name, linking to the author's page. */
import { Link } from 'react-router';
import { IMAGE_SIZE_AUTHOR_AVATAR } from '#shared/rules/constants';
import { insightsTexts as texts } from './texts';
import type { PostAuthor } from './blog-api';
import { ContentImg } from './blog-images';
import { authorPath } from './blog-rules';

export function AuthorAvatar({ author }: { author: PostAuthor }) {
  return <ContentImg image={author.image} size={IMAGE_SIZE_AUTHOR_AVATAR} className="author-avatar" eager />;
}

export function AuthorCard({ author }: { author: PostAuthor }) {
  return (
    <Link className="author-card" to={authorPath(author.name)}>
      <AuthorAvatar author={author} />
      <span>
        <span className="author-card-label">{texts.writtenBy}</span>
        <span className="author-card-name">{author.name}</span>
        <span className="author-card-more">{texts.moreFromAuthor(author.name)}</span>
      </span>
    </Link>
  );
}
