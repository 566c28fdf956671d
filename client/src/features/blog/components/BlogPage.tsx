import { PageHero } from '@/components/ui/PageHero';
import { PageLoader } from '@/components/ui/Spinner';
import { useLocation } from 'react-router-dom';
import { initialRouteData } from '@/lib/route-data';
import { useResource } from '@/lib/use-resource';
import { usePageMeta } from '@/lib/use-page-meta';
import { getBlogPosts } from '../api/get-blog-posts';
import type { BlogPostSummary } from '../api/types';
import { BlogCard, FeaturedPost } from './BlogCard';
import { BlogSidebar } from './BlogSidebar';
import './blog.css';

export default function BlogPage() {
  usePageMeta(
    'Blog',
    'Guides for Ghanaian job seekers: Gulf jobs, interviews, documents, salaries and culture.',
  );
  const { pathname } = useLocation();
  // Served by the app, the page carries the published posts in a JSON block (src/app/pages/blog_list.py).
  const served = initialRouteData<BlogPostSummary[]>('blog-list', pathname)?.record;
  const [state] = useResource((signal) => getBlogPosts(signal), 'all', served ? { data: served } : undefined);
  const posts = state.status === 'success' ? state.data : [];
  const featured = posts.find((p) => p.featured) ?? posts[0];
  const others = posts.filter((p) => p !== featured).slice(0, 6);
  return (
    <>
      <PageHero
        eyebrow="Blog"
        title="Career Insights and Travel Guides"
        lead="Practical advice on jobs abroad, interviews, documents, salaries and life in the Gulf."
      />
      <section className="section">
        <div className="container blog-layout">
          <div>
            {state.status === 'loading' ? <PageLoader /> : null}
            {state.status === 'error' ? (
              <p className="notice" role="alert">
                We could not load the articles. Please refresh the page or try again later.
              </p>
            ) : null}
            {featured ? <FeaturedPost post={featured} /> : null}
            {others.length > 0 ? (
              <>
                <h2 className="blog-section-title">Latest Articles</h2>
                <div className="card-grid card-grid--2">
                  {others.map((p) => (
                    <BlogCard key={p.id} post={p} later />
                  ))}
                </div>
              </>
            ) : null}
            {state.status === 'success' ? (
              <div className="button-row button-row--center">
                <button type="button" className="button button--outline">
                  Load More Articles
                </button>
              </div>
            ) : null}
          </div>
          <BlogSidebar />
        </div>
      </section>
    </>
  );
}
