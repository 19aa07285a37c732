--
-- PostgreSQL database dump
--

-- Dumped from database version 15.4
-- Dumped by pg_dump version 15.4

SET statement_timeout = 0;
SET lock_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;

CREATE TYPE public.mpaa_rating AS ENUM (
    'G',
    'PG',
    'R'
);

ALTER TYPE public.mpaa_rating OWNER TO postgres;

CREATE DOMAIN public.year AS integer
	CONSTRAINT year_check CHECK (((VALUE >= 1901) AND (VALUE <= 2155)));

CREATE FUNCTION public.last_updated() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    NEW.last_update = CURRENT_TIMESTAMP;
    RETURN NEW;
END $$;

SET default_tablespace = '';
SET default_table_access_method = heap;

CREATE TABLE public.film (
    film_id integer NOT NULL,
    title character varying(255) NOT NULL,
    description text,
    release_year public.year,
    rating public.mpaa_rating DEFAULT 'G'::public.mpaa_rating,
    last_update timestamp with time zone DEFAULT now() NOT NULL,
    special_features text[],
    fulltext tsvector NOT NULL,
    "order" integer,
    "user" text,
    type text,
    comment text
);

ALTER TABLE public.film OWNER TO postgres;

CREATE SEQUENCE public.film_film_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.film_film_id_seq OWNED BY public.film.film_id;

CREATE VIEW public.film_list AS
 SELECT film.film_id AS fid,
    film.title
   FROM public.film;

CREATE TABLE public.payment (
    payment_id integer NOT NULL,
    amount numeric(5,2) NOT NULL,
    payment_date timestamp with time zone NOT NULL
)
PARTITION BY RANGE (payment_date);

CREATE TABLE public.payment_p2022_01 (
    payment_id integer NOT NULL,
    amount numeric(5,2) NOT NULL,
    payment_date timestamp with time zone NOT NULL
);

ALTER TABLE ONLY public.payment ATTACH PARTITION public.payment_p2022_01 FOR VALUES FROM ('2022-01-01 00:00:00+00') TO ('2022-02-01 00:00:00+00');

ALTER TABLE ONLY public.film ALTER COLUMN film_id SET DEFAULT nextval('public.film_film_id_seq'::regclass);

COPY public.film (film_id, title) FROM stdin;
1	ACADEMY DINOSAUR
\.

ALTER TABLE ONLY public.film
    ADD CONSTRAINT film_pkey PRIMARY KEY (film_id);

CREATE INDEX film_fulltext_idx ON public.film USING gist (fulltext);

CREATE TRIGGER last_updated BEFORE UPDATE ON public.film FOR EACH ROW EXECUTE FUNCTION public.last_updated();

GRANT ALL ON TABLE public.film TO app;
