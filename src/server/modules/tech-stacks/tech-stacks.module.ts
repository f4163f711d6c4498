import { techStacksResource } from '../../../domain/modules/tech-stacks/tech-stacks.resource.js';
import type { ServerModule } from '../module.js';
import { techStacks } from './tech-stacks.table.js';

const DEMO: Record<string, string[]> = {
  language: ['TypeScript', 'JavaScript', 'Java', 'Kotlin', 'C#', 'Go', 'Python', 'Ruby', 'PHP', 'Rust', 'Scala', 'Swift', 'C++', 'Elixir'],
  framework: [
    'React',
    'Angular',
    'Vue.js',
    'Next.js',
    'Node.js',
    'NestJS',
    'Spring Boot',
    '.NET',
    'Django',
    'FastAPI',
    'Ruby on Rails',
    'Laravel',
    'Express',
    'Svelte',
    'Quarkus',
  ],
  database: ['PostgreSQL', 'MySQL', 'MongoDB', 'Redis', 'Elasticsearch', 'Oracle', 'SQL Server', 'Cassandra', 'DynamoDB', 'ClickHouse'],
  cloud: ['AWS', 'Azure', 'Google Cloud', 'Cloudflare', 'Firebase', 'Heroku', 'DigitalOcean'],
  devops: [
    'Docker',
    'Kubernetes',
    'Terraform',
    'Ansible',
    'Jenkins',
    'GitHub Actions',
    'GitLab CI',
    'Prometheus',
    'Grafana',
    'Helm',
    'ArgoCD',
  ],
  mobile: ['React Native', 'Flutter', 'iOS', 'Android', 'Jetpack Compose', 'SwiftUI', 'Ionic'],
  testing: ['Jest', 'Cypress', 'Playwright', 'Selenium', 'JUnit', 'Appium', 'k6'],
  data: ['Apache Spark', 'Kafka', 'Airflow', 'dbt', 'Snowflake', 'Databricks', 'Power BI', 'TensorFlow', 'PyTorch'],
  design: ['Figma', 'Sketch', 'Adobe XD', 'Storybook'],
};

export const techStacksModule: ServerModule = {
  name: 'tech-stacks',
  resource: { decl: techStacksResource, table: techStacks, searchColumn: techStacks.search },
  async seed(db, ctx) {
    const admin = ctx.users.find((u) => u.role === 'admin');
    const rows = Object.entries(DEMO).flatMap(([category, names]) => names.map((name) => ({ name, category, createdBy: admin?.id })));
    await db.insert(techStacks).values(rows);
  },
};
