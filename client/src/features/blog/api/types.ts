export interface BlogPost {
  id: string;
  title: string;
  excerpt: string;
  image: string;
  author: string;
  date: string;
  content: string;
  category: string;
  tags: string[];
  readTime: string;
  featured: boolean;
}

export interface BlogPostList {
  items: BlogPost[];
}
