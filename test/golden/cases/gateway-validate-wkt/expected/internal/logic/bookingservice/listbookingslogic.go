package bookingservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/bookings/internal/svc"
	bookingsv1 "example.com/bookings/pb/bookings/v1"
)

type ListBookingsLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewListBookingsLogic(ctx context.Context, svcCtx *svc.ServiceContext) *ListBookingsLogic {
	return &ListBookingsLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// ListBookings implements bookings.v1.BookingService/ListBookings.
func (l *ListBookingsLogic) ListBookings(in *bookingsv1.ListBookingsRequest) (*bookingsv1.ListBookingsResponse, error) {
	// todo: add your logic here and delete this line

	return &bookingsv1.ListBookingsResponse{}, nil
}
