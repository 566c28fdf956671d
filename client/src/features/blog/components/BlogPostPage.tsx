import { Link, useParams } from 'react-router-dom';
import { PageProblem } from '@/components/ui/PageProblem';
import { PageLoader } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/slug';
import { useServedRecord } from '@/lib/route-data';
import { usePageMeta } from '@/lib/use-page-meta';
import { getBlogPost } from '../api/get-blog-post';
import { BlogSidebar } from './BlogSidebar';
import './blog.css';

export function shareLinks(url: string, title: string) {
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    x: `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`,
  };
}

function postTitle(post: { title: string } | null, status: string): string {
  if (post) return post.title;
  return status === 'success' ? 'Blog Post Not Found' : 'Blog';
}

/** The page's address in the browser ('' while rendered on the server). */
function currentUrl(): string {
  return typeof window === 'undefined' ? '' : window.location.href;
}

export default function BlogPostPage() {
  const { id = '' } = useParams();
  // Served by the app, the page carries its post (or null: not found) in a JSON block.
  const [state, served] = useServedRecord('blog-post', id, getBlogPost);
  const post = state.status === 'success' ? state.data : null;
  usePageMeta(
    postTitle(post, state.status),
    post ? post.excerpt : 'Career insights and travel guides from Vandy Travel.',
  );

  if (state.status === 'loading') return <PageLoader />;
  if (state.status === 'error') {
    return (
      <PageProblem
        failed
        title="Something Went Wrong"
        message="We could not load this article. Please try again later."
        back={{ to: paths.blog, label: 'Back to Blog' }}
      />
    );
  }
  if (!post) {
    return (
      <PageProblem
        title="Blog Post Not Found"
        message="The blog post you're looking for could not be found."
        back={{ to: paths.blog, label: 'Back to Blog' }}
      />
    );
  }
  const links = shareLinks(served?.url ?? currentUrl(), post.title);
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
          <img
            className="post__image"
            src={post.image}
            width={800}
            height={450}
            alt=""
            fetchPriority="high"
          />
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
