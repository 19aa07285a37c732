package model

import "github.com/zeromicro/go-zero/core/stores/sqlx"

// ErrNotFound is what the models' Find methods return when no row matches.
var ErrNotFound = sqlx.ErrNotFound
