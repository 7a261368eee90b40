import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PhotosResponseSchema,
  SiteProfileCreateBodySchema,
  SiteProfileListQuerySchema,
  SiteProfileListResponseSchema,
  SiteProfilePhotoDeleteBodySchema,
  SiteProfilePhotosBodySchema,
  SiteProfileQuerySchema,
  SiteProfileResponseSchema,
  SiteProfileUpdateBodySchema,
} from '@app/shared';
import { IMAGE_UPLOAD_LIMITS, readImageUpload } from '../media/media.upload.js';
import type { SiteProfilesService } from './site-profiles.service.js';
import { actor, staffGuard } from './staff.auth.js';
import type { StaffService } from './staff.service.js';
import { errorResponses } from '../../plugins/errors.js';

export interface SiteProfilesRoutesOptions {
  siteProfiles: SiteProfilesService;
  staff: StaffService;
}

/** The console's site-run profiles. Contract: @app/shared schemas/admin-content.ts. */
export const siteProfilesRoutes: FastifyPluginAsyncZod<SiteProfilesRoutesOptions> = async (
  app,
  { siteProfiles, staff },
) => {
  // Scoped to this plugin: only the photo upload reads multipart bodies.
  await app.register(multipart, { limits: IMAGE_UPLOAD_LIMITS });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const guard = staffGuard(staff, 'content');

  app.get(
    '/api/admin/site-profiles.php',
    {
      onRequest: guard,
      schema: {
        tags: ['admin'],
        summary: 'Site-run (fictional) profiles, newest first, with their waiting conversations',
        querystring: SiteProfileListQuerySchema,
        response: { 200: SiteProfileListResponseSchema, ...errorResponses(403) },
      },
    },
    async (request) => siteProfiles.list(request.query.before),
  );

  app.get(
    '/api/admin/site-profile.php',
    {
      onRequest: guard,
      schema: {
        tags: ['admin'],
        summary: 'One site-run profile with every field and its photos',
        querystring: SiteProfileQuerySchema,
        response: { 200: SiteProfileResponseSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ profile: await siteProfiles.get(request.query.id) }),
  );

  app.post(
    '/api/admin/site-profile.php',
    {
      onRequest: guard,
      schema: {
        tags: ['admin'],
        summary: 'Creates a site-run profile (always marked fictional)',
        body: SiteProfileCreateBodySchema,
        response: { 201: SiteProfileResponseSchema, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return { profile: await siteProfiles.create(actor(request), request.body) };
    },
  );

  app.put(
    '/api/admin/site-profile.php',
    {
      onRequest: guard,
      schema: {
        tags: ['admin'],
        summary: 'Changes a site-run profile (the fields sent)',
        body: SiteProfileUpdateBodySchema,
        response: { 200: SiteProfileResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({ profile: await siteProfiles.update(actor(request), request.body) }),
  );

  app.post(
    '/api/admin/site-profile-photo.php',
    {
      onRequest: guard,
      schema: {
        tags: ['admin'],
        summary: "Uploads a site-run profile's photo (multipart/form-data, file field `file`)",
        consumes: ['multipart/form-data'],
        querystring: SiteProfileQuerySchema,
        response: { 200: PhotosResponseSchema, ...errorResponses(400, 403, 404, 409, 413, 415, 422) },
      },
    },
    async (request) => ({
      photos: await siteProfiles.uploadPhoto(actor(request), request.query.id, (await readImageUpload(request)).data),
    }),
  );

  app.post(
    '/api/admin/site-profile-photos.php',
    {
      onRequest: guard,
      schema: {
        tags: ['admin'],
        summary: "Chooses a site-run profile's main photo and/or the order",
        body: SiteProfilePhotosBodySchema,
        response: { 200: PhotosResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({ photos: await siteProfiles.arrangePhotos(actor(request), request.body) }),
  );

  app.post(
    '/api/admin/site-profile-photo-delete.php',
    {
      onRequest: guard,
      schema: {
        tags: ['admin'],
        summary: "Deletes a site-run profile's photo and its files",
        body: SiteProfilePhotoDeleteBodySchema,
        response: { 200: PhotosResponseSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => ({
      photos: await siteProfiles.deletePhoto(actor(request), request.body.id, request.body.photo_id),
    }),
  );
};
