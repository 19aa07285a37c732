-- MySQL dump of the bookshop schema
SET NAMES utf8mb4;

CREATE TABLE `books` (
  `isbn` varchar(17) NOT NULL COMMENT 'ISBN-13 with hyphens',
  `title` varchar(255) NOT NULL,
  `price_cents` bigint unsigned NOT NULL DEFAULT '0',
  `format` enum('hardcover','paperback','ebook') NOT NULL DEFAULT 'paperback',
  `published_at` datetime DEFAULT NULL,
  `updated_at` timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  PRIMARY KEY (`isbn`),
  KEY `idx_books_title` (`title`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COMMENT='Titles on sale';

CREATE TABLE `orders` (
  `id` bigint unsigned NOT NULL AUTO_INCREMENT,
  `customer_email` varchar(320) NOT NULL,
  `total_cents` bigint NOT NULL,
  `notes` json DEFAULT NULL,
  `placed_at` datetime NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk_orders_email_placed` (`customer_email`,`placed_at`)
) ENGINE=InnoDB AUTO_INCREMENT=1000 DEFAULT CHARSET=utf8mb4;

CREATE TABLE `order_lines` (
  `order_id` bigint unsigned NOT NULL,
  `isbn` varchar(17) NOT NULL,
  `quantity` int NOT NULL DEFAULT '1',
  PRIMARY KEY (`order_id`,`isbn`),
  KEY `idx_order_lines_isbn` (`isbn`),
  CONSTRAINT `fk_order_lines_order` FOREIGN KEY (`order_id`) REFERENCES `orders` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
