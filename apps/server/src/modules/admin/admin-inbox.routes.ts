import { adminErrors, adminRecordErrors, bulkResult, idParams, listOf } from '@kram/contract/admin';
import {
  adminFeedback,
  adminFeedbackBulk,
  adminFeedbackHandled,
  adminFeedbackListQuery,
  adminRating,
  adminRatingListQuery,
} from '@kram/contract/admin-inbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeedbackInbox } from '../feedback/index.ts';
import type { RatingsModeration } from '../ratings/index.ts';
import { adminRoute } from './admin-route.ts';
import { staffMember } from './staff.ts';

/** The contact form's messages (read, mark handled) and the shoppers' ratings (read only). */
export const adminInboxRoutes =
  (inbox: FeedbackInbox, ratings: RatingsModeration): FastifyPluginAsyncZod =>
  async (app) => {
    const feedbackArea = adminRoute('feedback');

    app.get(
      '/feedback/',
      {
        schema: {
          ...feedbackArea,
          summary: 'Contact-form messages: those nobody has handled first, unless sorted',
          querystring: adminFeedbackListQuery,
          response: { 200: listOf(adminFeedback), ...adminErrors },
        },
      },
      async (request) => inbox.list(request.query),
    );

    app.get(
      '/feedback/:id/',
      {
        schema: {
          ...feedbackArea,
          summary: 'One contact-form message',
          params: idParams,
          response: { 200: adminFeedback, ...adminRecordErrors },
        },
      },
      async (request) => inbox.get(request.params.id),
    );

    app.post(
      '/feedback/:id/handled/',
      {
        schema: {
          ...feedbackArea,
          summary: 'Marks a message handled (by whoever calls, now) or not handled',
          params: idParams,
          body: adminFeedbackHandled,
          response: { 200: adminFeedback, ...adminRecordErrors },
        },
      },
      async (request) => inbox.setHandled(staffMember(request), request.params.id, request.body.handled),
    );

    app.post(
      '/feedback/bulk/',
      {
        schema: {
          ...feedbackArea,
          summary: 'Marks several messages handled or not handled at once',
          body: adminFeedbackBulk,
          response: { 200: bulkResult, ...adminErrors },
        },
      },
      async (request) => inbox.setHandledMany(staffMember(request), request.body.ids, request.body.data.handled),
    );

    app.get(
      '/ratings/',
      {
        schema: {
          ...adminRoute('ratings'),
          summary: 'Shoppers’ ratings of products, last changed first unless sorted',
          querystring: adminRatingListQuery,
          response: { 200: listOf(adminRating), ...adminErrors },
        },
      },
      async (request) => ratings.list(request.query),
    );
  };
