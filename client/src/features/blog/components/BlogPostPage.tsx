import { Link, useLocation, useParams } from 'react-router-dom';
import { PageLoader } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/slug';
import { initialRouteData } from '@/lib/route-data';
import { useResource } from '@/lib/use-resource';
import { usePageMeta } from '@/lib/use-page-meta';
import { getBlogPost } from '../api/get-blog-post';
import type { BlogPost } from '../api/types';
import { BlogSidebar } from './BlogSidebar';

export function shareLinks(url: string, title: string) {
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    x: `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`,
  };
}

export default function BlogPostPage() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  // Served by the app, the page carries its post (or null: not found) in a JSON block.
  const served = initialRouteData<BlogPost>('blog-post', pathname);
  const [state] = useResource(
    (signal) => getBlogPost(id, signal),
    id,
    served ? { data: served.record } : undefined,
  );
  const post = state.status === 'success' ? state.data : null;
  usePageMeta(
    post ? post.title : state.status === 'success' ? 'Blog Post Not Found' : 'Blog',
    post ? post.excerpt : 'Career insights and travel guides from Vandy Travel.',
  );

  if (state.status === 'loading') return <PageLoader />;
  if (state.status === 'error') {
    return (
      <section className="container section">
        <h1>Something Went Wrong</h1>
        <p className="notice" role="alert">
          We could not load this article. Please try again later.
        </p>
        <Link to={paths.blog} className="button button--primary">
          Back to Blog
        </Link>
      </section>
    );
  }
  if (!post) {
    return (
      <section className="container section not-found">
        <h1>Blog Post Not Found</h1>
        <p className="muted">The blog post you're looking for could not be found.</p>
        <Link to={paths.blog} className="button button--primary">
          Back to Blog
        </Link>
      </section>
    );
  }
  const links = shareLinks(
    served?.url ?? (typeof window === 'undefined' ? '' : window.location.href),
    post.title,
  );
  return (
    <section className="section">
      <div className="container blog-layout">
        <article className="post">
          <p className="back-link">
            <Link to={paths.blog}>← Back to Blog</Link>
          </p>
          <p className="blog-meta">
            <span className="tag tag--accent">{post.category}</span>
            <span>{post.readTime}</span>
          </p>
          <h1 className="post__title">{post.title}</h1>
          <p className="post__byline">
            By <strong>{post.author}</strong> · <time dateTime={post.date}>{formatDate(post.date)}</time>
          </p>
          <img className="post__image" src={post.image} width={800} height={450} alt="" decoding="async" />
          <div className="post__content" dangerouslySetInnerHTML={{ __html: post.content }} />
          <ul className="tag-list" aria-label="Tags">
            {post.tags.map((t) => (
              <li key={t}>
                <Link className="tag tag--link" to={paths.blogTag(t)}>
                  {t}
                </Link>
              </li>
            ))}
          </ul>
          <div className="share">
            <span>Share this article:</span>
            <a
              className="button button--sm button--facebook"
              href={links.facebook}
              target="_blank"
              rel="noopener noreferrer"
            >
              Facebook<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            <a
              className="button button--sm button--x"
              href={links.x}
              target="_blank"
              rel="noopener noreferrer"
            >
              X (Twitter)<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </div>
        </article>
        <BlogSidebar />
      </div>
    </section>
  );
}
