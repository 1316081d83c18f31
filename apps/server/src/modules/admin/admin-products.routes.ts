import { adminErrors, adminRecordErrors, adminWriteErrors, bulkResult, idParams, listOf } from '@kram/contract/admin';
import {
  adminProduct,
  adminProductBulk,
  adminProductCreate,
  adminProductImage,
  adminProductImageOrder,
  adminProductImageUpdate,
  adminProductImageUpload,
  adminProductListQuery,
  adminProductUpdate,
  productImageParams,
} from '@kram/contract/admin-products';
import { detailError } from '@kram/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptImageUploads } from '../../infra/http/image-uploads.ts';
import type { CatalogApi } from '../catalog/index.ts';
import { adminRoute } from './admin-route.ts';
import { staffMember } from './staff.ts';

/** An upload may also be refused for a body that is not a readable form (400) or not a form at all (415). */
export const uploadErrors = { ...adminWriteErrors, 415: detailError } as const;

/** Products in the back office: list, read, create, edit, flag many at once, delete; their photos. */
export const adminProductsRoutes =
  ({ products, productImages: images }: Pick<CatalogApi, 'products' | 'productImages'>): FastifyPluginAsyncZod =>
  async (app) => {
    const area = adminRoute('products');

    app.get(
      '/products/',
      {
        schema: {
          ...area,
          summary: 'Products, newest first unless sorted, with search, category and flag filters',
          querystring: adminProductListQuery,
          response: { 200: listOf(adminProduct), ...adminErrors },
        },
      },
      async (request) => products.list(request.query),
    );

    app.post(
      '/products/',
      {
        schema: {
          ...area,
          summary: 'Creates a product (its photos are uploaded after)',
          body: adminProductCreate,
          response: { 201: adminProduct, ...adminWriteErrors },
        },
      },
      async (request, reply) => reply.code(201).send(await products.create(staffMember(request), request.body)),
    );

    app.post(
      '/products/bulk/',
      {
        schema: {
          ...area,
          summary: 'Puts many products in or out of stock, on or off promotion, new or not',
          body: adminProductBulk,
          response: { 200: bulkResult, ...adminErrors },
        },
      },
      async (request) => products.bulkUpdate(staffMember(request), request.body),
    );

    app.get(
      '/products/:id/',
      {
        schema: {
          ...area,
          summary: 'One product with its sizes, colours, compositions and photos',
          params: idParams,
          response: { 200: adminProduct, ...adminRecordErrors },
        },
      },
      async (request) => products.get(request.params.id),
    );

    app.patch(
      '/products/:id/',
      {
        schema: {
          ...area,
          summary: 'Changes the fields sent; the storefront shows the change at once',
          params: idParams,
          body: adminProductUpdate,
          response: { 200: adminProduct, ...adminWriteErrors },
        },
      },
      async (request) => products.update(staffMember(request), request.params.id, request.body),
    );

    app.delete(
      '/products/:id/',
      {
        schema: {
          ...area,
          summary: 'Deletes a product (orders keep their own copy of it)',
          params: idParams,
          response: { 204: z.null(), ...adminWriteErrors },
        },
      },
      async (request, reply) => {
        await products.remove(staffMember(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    // Multipart forms are taken by the upload alone.
    const uploadRoutes: FastifyPluginAsyncZod = async (uploads) => {
      await acceptImageUploads(uploads);
      uploads.post(
        '/products/:id/images/',
        {
          schema: {
            ...area,
            summary: 'Uploads a photo (JPEG, PNG or WebP up to 15 MB), optionally of one of the product’s colours',
            consumes: ['multipart/form-data'],
            params: idParams,
            body: adminProductImageUpload,
            response: { 201: adminProductImage, ...uploadErrors },
          },
        },
        async (request, reply) =>
          reply.code(201).send(await images.upload(staffMember(request), request.params.id, request.body)),
      );
    };
    await app.register(uploadRoutes);

    app.post(
      '/products/:id/images/order/',
      {
        schema: {
          ...area,
          summary: 'Puts the product’s photos in the order given (every photo once)',
          params: idParams,
          body: adminProductImageOrder,
          response: { 200: z.array(adminProductImage), ...adminWriteErrors },
        },
      },
      async (request) => images.order(staffMember(request), request.params.id, request.body.ids),
    );

    app.patch(
      '/products/:id/images/:image_id/',
      {
        schema: {
          ...area,
          summary: 'Sets the colour a photo shows (one of the product’s, or null)',
          params: productImageParams,
          body: adminProductImageUpdate,
          response: { 200: adminProductImage, ...adminWriteErrors },
        },
      },
      async (request) =>
        images.setColor(staffMember(request), request.params.id, request.params.image_id, request.body.color_id),
    );

    app.delete(
      '/products/:id/images/:image_id/',
      {
        schema: {
          ...area,
          summary: 'Deletes a photo and its files',
          params: productImageParams,
          response: { 204: z.null(), ...adminWriteErrors },
        },
      },
      async (request, reply) => {
        await images.remove(staffMember(request), request.params.id, request.params.image_id);
        return reply.code(204).send(null);
      },
    );
  };
