export { seedDemo, DEMO_SEED, type SeedDemoOptions, type SeedDemoResult } from './seed.js';
export { DEMO_LOGIN, DEMO_EMAIL_DOMAIN } from './people.js';
export { processImage, IMAGE_VARIANTS, type ImageVariants } from './render.js';
