import { Link, useLocation, useParams } from 'react-router-dom';
import { PageHero } from '@/components/ui/PageHero';
import { PageLoader } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { slugify } from '@/lib/slug';
import { initialRouteData } from '@/lib/route-data';
import { useResource } from '@/lib/use-resource';
import { usePageMeta } from '@/lib/use-page-meta';
import { getBlogPosts } from '../api/get-blog-posts';
import type { BlogPost } from '../api/types';
import { categoryBySlug } from '../data/blog';
import { BlogCard } from './BlogCard';
import { BlogSidebar } from './BlogSidebar';
import './blog.css';

/** Posts of one category (/blog/category/{slug}) or one tag (/blog/tag/{tag}). */
export default function BlogListingPage({ kind }: { kind: 'category' | 'tag' }) {
  const params = useParams();
  const value = (kind === 'category' ? params.slug : params.tag) ?? '';
  const category = kind === 'category' ? categoryBySlug(value) : undefined;
  const label = kind === 'category' ? (category?.name ?? value) : value;
  const title = kind === 'category' ? `Category: ${label}` : `Tag: ${label}`;
  usePageMeta(title, `Blog articles ${kind === 'category' ? 'in' : 'tagged'} ${label}.`);
  // Served by the app, the page carries the posts of its category or tag in a JSON block
  // (src/app/pages/blog_listing.py): the first render is the server's, without a request.
  const { pathname } = useLocation();
  const served = initialRouteData<BlogPost[]>(`blog-${kind}`, pathname)?.record ?? undefined;
  const [state] = useResource((signal) => getBlogPosts(signal), 'all', served ? { data: served } : undefined);
  const posts =
    state.status !== 'success'
      ? []
      : served
        ? state.data
        : state.data.filter((p) =>
            kind === 'category'
              ? slugify(p.category) === slugify(value)
              : p.tags.some((t) => t.toLowerCase() === value.toLowerCase()),
          );
  return (
    <>
      <PageHero
        eyebrow="Blog"
        title={title}
        lead={`Articles ${kind === 'category' ? 'in this category' : 'with this tag'}.`}
      />
      <section className="section">
        <div className="container blog-layout">
          <div>
            {state.status === 'loading' ? <PageLoader /> : null}
            {state.status === 'error' ? (
              <p className="notice" role="alert">
                We could not load the articles. Please try again later.
              </p>
            ) : null}
            {state.status === 'success' && posts.length === 0 ? (
              <p className="notice">
                No articles here yet. Browse all articles on the <Link to={paths.blog}>blog</Link>.
              </p>
            ) : null}
            <div className="card-grid card-grid--2">
              {posts.map((p) => (
                <BlogCard key={p.id} post={p} />
              ))}
            </div>
            <p className="back-link">
              <Link to={paths.blog}>← Back to all articles</Link>
            </p>
          </div>
          <BlogSidebar />
        </div>
      </section>
    </>
  );
}
