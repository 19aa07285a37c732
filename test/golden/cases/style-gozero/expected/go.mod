module example.com/shop

go 1.26.0

require (
	github.com/go-playground/validator/v10 v10.30.6
	github.com/go-sql-driver/mysql v1.10.1
	github.com/golang-migrate/migrate/v4 v4.20.1
	github.com/huandu/go-sqlbuilder v1.43.0
	github.com/jackc/pgx/v5 v5.12.0
	github.com/shopspring/decimal v1.6.0
	github.com/spf13/cobra v1.10.2
	github.com/swaggest/swgui v1.8.5
	github.com/zeromicro/go-zero v1.10.3
	modernc.org/sqlite v1.60.1
)
