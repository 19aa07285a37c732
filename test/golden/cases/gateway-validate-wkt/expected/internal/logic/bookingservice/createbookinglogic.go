package bookingservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/bookings/internal/svc"
	bookingsv1 "example.com/bookings/pb/bookings/v1"
)

type CreateBookingLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewCreateBookingLogic(ctx context.Context, svcCtx *svc.ServiceContext) *CreateBookingLogic {
	return &CreateBookingLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// CreateBooking implements bookings.v1.BookingService/CreateBooking.
func (l *CreateBookingLogic) CreateBooking(in *bookingsv1.CreateBookingRequest) (*bookingsv1.Booking, error) {
	// todo: add your logic here and delete this line

	return &bookingsv1.Booking{}, nil
}
