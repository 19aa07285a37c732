package bookingservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/bookings/internal/svc"
	bookingsv1 "example.com/bookings/pb/bookings/v1"
)

type UpdateBookingLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewUpdateBookingLogic(ctx context.Context, svcCtx *svc.ServiceContext) *UpdateBookingLogic {
	return &UpdateBookingLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// UpdateBooking implements bookings.v1.BookingService/UpdateBooking.
func (l *UpdateBookingLogic) UpdateBooking(in *bookingsv1.UpdateBookingRequest) (*bookingsv1.Booking, error) {
	// todo: add your logic here and delete this line

	return &bookingsv1.Booking{}, nil
}
