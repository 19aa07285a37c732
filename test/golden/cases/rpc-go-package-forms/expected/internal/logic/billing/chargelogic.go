package billing

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/shop/internal/svc"
	billingv1 "example.com/shop/pb/billing/v1"
)

type ChargeLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewChargeLogic(ctx context.Context, svcCtx *svc.ServiceContext) *ChargeLogic {
	return &ChargeLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// Charge implements shop.billing.v1.Billing/Charge.
func (l *ChargeLogic) Charge(in *billingv1.ChargeRequest) (*billingv1.Invoice, error) {
	// todo: add your logic here and delete this line

	return &billingv1.Invoice{}, nil
}
