import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GeocodeQuerySchema,
  GeocodeResponseSchema,
  PhotoDeleteBodySchema,
  PhotosResponseSchema,
  PhotosUpdateBodySchema,
  ProfileResponseSchema,
  ProfileUpdateBodySchema,
} from '@app/shared';
import { memberId, requireMember } from '../../plugins/session.js';
import { IMAGE_UPLOAD_LIMITS, readImageUpload } from '../media/media.upload.js';
import type { RouteLimit } from '../../plugins/security.js';
import type { ProfilesService } from './profiles.service.js';
import { errorResponses } from '../../plugins/errors.js';

/** Per-member rate limits of the costlier profile calls. */
export interface ProfileRateLimits {
  /** POST /api/photos.php: every upload is decoded and encoded three times. */
  upload: RouteLimit;
  /** GET /api/geocode.php. */
  geocode: RouteLimit;
}

const MINUTE = 60_000;

export const DEFAULT_PROFILE_RATE_LIMITS: ProfileRateLimits = {
  upload: { max: 30, timeWindow: 10 * MINUTE },
  geocode: { max: 20, timeWindow: MINUTE },
};

export interface ProfilesRoutesOptions {
  profiles: ProfilesService;
  limits?: Partial<ProfileRateLimits>;
}

const perMember = (limit: RouteLimit) => ({
  ...limit,
  keyGenerator: (request: FastifyRequest) => `member:${request.member?.id ?? request.ip}`,
});

/**
 * The member's own profile, photos and the geocode call. The contract is documented in
 * @app/shared schemas/profiles.ts.
 */
export const profilesRoutes: FastifyPluginAsyncZod<ProfilesRoutesOptions> = async (app, opts) => {
  const { profiles } = opts;
  const limits = { ...DEFAULT_PROFILE_RATE_LIMITS, ...opts.limits };

  // Scoped to this plugin: only the photo upload reads multipart bodies.
  await app.register(multipart, { limits: IMAGE_UPLOAD_LIMITS });

  app.get(
    '/api/profile.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['profiles'],
        summary: "The member's own profile with photos, interests and photo limit",
        response: { 200: ProfileResponseSchema, ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { profile: await profiles.getProfile(memberId(request)) };
    },
  );

  app.put(
    '/api/profile.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['profiles'],
        summary: "Saves the fields sent of the member's profile",
        body: ProfileUpdateBodySchema,
        response: { 200: ProfileResponseSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => ({ profile: await profiles.updateProfile(memberId(request), request.body) }),
  );

  app.post(
    '/api/photos.php',
    {
      onRequest: requireMember,
      config: { rateLimit: perMember(limits.upload) },
      schema: {
        tags: ['profiles'],
        summary: 'Uploads a photo (multipart/form-data, file field `file`); stored re-encoded without metadata',
        consumes: ['multipart/form-data'],
        response: { 200: PhotosResponseSchema, ...errorResponses(400, 403, 409, 413, 415, 422, 429) },
      },
    },
    async (request) => ({
      photos: await profiles.uploadPhoto(memberId(request), (await readImageUpload(request)).data),
    }),
  );

  app.put(
    '/api/photos.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['profiles'],
        summary: 'Chooses the main photo and/or reorders the photos',
        body: PhotosUpdateBodySchema,
        response: { 200: PhotosResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({ photos: await profiles.updatePhotos(memberId(request), request.body) }),
  );

  app.delete(
    '/api/photos.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['profiles'],
        summary: 'Deletes a photo and its files',
        body: PhotoDeleteBodySchema,
        response: { 200: PhotosResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({ photos: await profiles.deletePhoto(memberId(request), request.body.id) }),
  );

  app.get(
    '/api/geocode.php',
    {
      onRequest: requireMember,
      config: { rateLimit: perMember(limits.geocode) },
      schema: {
        tags: ['profiles'],
        summary: 'The place (country, region, town) of a position, from offline city data',
        querystring: GeocodeQuerySchema,
        response: { 200: GeocodeResponseSchema, ...errorResponses(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { geocode: await profiles.geocode(memberId(request), request.query.lat, request.query.lon) };
    },
  );
};
