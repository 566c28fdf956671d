import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Icon } from '@/components/ui/Icon';
import { classNames } from '@/lib/class-names';
import { formatDate } from '@/lib/slug';
import type { BlogPostSummary } from '../api/types';

/** `later`: below the first screen on a phone, so laid out when it comes near (lib/later-sections.ts). */
export function BlogCard({ post, later = false }: { post: BlogPostSummary; later?: boolean }) {
  return (
    <article className={classNames('card blog-card', later && 'later-on-phone')}>
      <Link to={paths.blogPost(post.id)} className="blog-card__image" tabIndex={-1} aria-hidden="true">
        <img src={post.image} width={800} height={450} alt="" loading="lazy" decoding="async" />
      </Link>
      <div className="blog-card__body">
        <p className="blog-meta">
          <span className="tag tag--accent">{post.category}</span>
          <span>{post.readTime}</span>
        </p>
        <h3>
          <Link to={paths.blogPost(post.id)}>{post.title}</Link>
        </h3>
        <p className="muted">{post.excerpt}</p>
        <p className="blog-meta blog-meta--foot">
          <span>
            <Icon name="users" size={14} /> {post.author}
          </span>
          <time dateTime={post.date}>{formatDate(post.date)}</time>
        </p>
      </div>
    </article>
  );
}

export function FeaturedPost({ post }: { post: BlogPostSummary }) {
  return (
    <article className="card featured-post">
      {/* The largest paint of /blog: fetched first (React preloads it with this priority). */}
      <img src={post.image} width={800} height={450} alt="" fetchPriority="high" />
      <div className="featured-post__body">
        <p className="blog-meta">
          <span className="badge badge--inline">Featured</span>
          <span className="tag tag--accent">{post.category}</span>
          <span>{post.readTime}</span>
        </p>
        <h2>
          <Link to={paths.blogPost(post.id)}>{post.title}</Link>
        </h2>
        <p>{post.excerpt}</p>
        <p className="blog-meta blog-meta--foot">
          <span>{post.author}</span>
          <time dateTime={post.date}>{formatDate(post.date)}</time>
        </p>
        <Link to={paths.blogPost(post.id)} className="button button--primary">
          Read More<span className="visually-hidden">: {post.title}</span> <Icon name="arrow" size={16} />
        </Link>
      </div>
    </article>
  );
}
