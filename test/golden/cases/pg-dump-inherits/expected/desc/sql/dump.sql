--
-- PostgreSQL database dump
--

-- Dumped from database version 16.2
-- Dumped by pg_dump version 16.2

SET statement_timeout = 0;
SET client_encoding = 'UTF8';
SELECT pg_catalog.set_config('search_path', '', false);

SET default_tablespace = '';
SET default_table_access_method = heap;

CREATE TABLE public.audited (
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    created_by text
);

ALTER TABLE public.audited OWNER TO postgres;

CREATE TABLE public.orders (
    id bigint NOT NULL,
    customer_id bigint NOT NULL,
    total numeric(12,2) DEFAULT 0 NOT NULL
);

ALTER TABLE public.orders OWNER TO postgres;

CREATE TABLE public.orders_2024_01 (
    CONSTRAINT orders_2024_01_created_at_check CHECK ((created_at < '2024-02-01 00:00:00+00'::timestamp with time zone))
)
INHERITS (public.orders, public.audited);

ALTER TABLE public.orders_2024_01 OWNER TO postgres;

CREATE TABLE public.orders_2024_02 (
    total numeric(12,2) DEFAULT 1 NOT NULL,
    note text
)
INHERITS (public.orders, public.audited);

ALTER TABLE public.orders_2024_02 OWNER TO postgres;

CREATE SEQUENCE public.orders_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.orders_id_seq OWNED BY public.orders.id;

ALTER TABLE ONLY public.orders ALTER COLUMN id SET DEFAULT nextval('public.orders_id_seq'::regclass);

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.orders_2024_01
    ADD CONSTRAINT orders_2024_01_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.orders_2024_02
    ADD CONSTRAINT orders_2024_02_pkey PRIMARY KEY (id);

CREATE INDEX orders_2024_01_customer_id_idx ON public.orders_2024_01 USING btree (customer_id);

CREATE UNIQUE INDEX orders_2024_02_customer_created_idx ON public.orders_2024_02 USING btree (customer_id, created_at);

--
-- PostgreSQL database dump complete
--
