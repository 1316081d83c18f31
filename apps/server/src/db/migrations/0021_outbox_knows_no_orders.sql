ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_order_id_orders_id_fk";
